// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// Uniswap V3 NonfungiblePositionManager.collect (the only position call this locker makes).
interface INonfungiblePositionManagerCollect {
    struct CollectParams {
        uint256 tokenId;
        address recipient;
        uint128 amount0Max;
        uint128 amount1Max;
    }

    function collect(CollectParams calldata params) external payable returns (uint256 amount0, uint256 amount1);
}

/// @title PermanentPositionLocker
/// @notice A launchpad-style locker (written from Clanker's LpLocker / Flaunch's and Zora's public
/// designs): position NFTs sent here stay here for good. There is no withdraw, no transfer of a
/// received NFT, no decreaseLiquidity call and no upgrade path. Its owner can only
///  - collect a position's swap fees to the fee recipient (the principal never moves), and
///  - sweep ERC-20 tokens sent here by accident (never an NFT: a position is not an ERC-20).
/// A scanner that simulates every function of this contract as its owner must find that none of
/// them lowers the position's liquidity or changes the NFT's owner: the position reads locked for good.
contract PermanentPositionLocker is IERC721Receiver {
    using SafeERC20 for IERC20;

    address public owner;
    address public feeRecipient;
    /// position manager => token id => locked here (set on receipt, never cleared)
    mapping(address => mapping(uint256 => bool)) public isLocked;

    event PositionLocked(address indexed manager, uint256 indexed tokenId, address indexed from);
    event FeesCollected(address indexed manager, uint256 indexed tokenId, uint256 amount0, uint256 amount1);
    event FeeRecipientChanged(address feeRecipient);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner();
    error NotLocked();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    constructor(address owner_, address feeRecipient_) {
        owner = owner_;
        feeRecipient = feeRecipient_;
        emit OwnershipTransferred(address(0), owner_);
    }

    /// A position arrives by safeTransferFrom; from then on it is locked for good.
    function onERC721Received(address, address from, uint256 tokenId, bytes calldata) external returns (bytes4) {
        isLocked[msg.sender][tokenId] = true;
        emit PositionLocked(msg.sender, tokenId, from);
        return IERC721Receiver.onERC721Received.selector;
    }

    /// Collects the position's accrued swap fees to the fee recipient (anyone may trigger it: the
    /// fees only ever go to `feeRecipient`). The liquidity itself stays in the pool.
    function collectFees(address manager, uint256 tokenId) external returns (uint256 amount0, uint256 amount1) {
        if (!isLocked[manager][tokenId]) revert NotLocked();
        (amount0, amount1) = INonfungiblePositionManagerCollect(manager).collect(
            INonfungiblePositionManagerCollect.CollectParams({
                tokenId: tokenId,
                recipient: feeRecipient,
                amount0Max: type(uint128).max,
                amount1Max: type(uint128).max
            })
        );
        emit FeesCollected(manager, tokenId, amount0, amount1);
    }

    function setFeeRecipient(address feeRecipient_) external onlyOwner {
        feeRecipient = feeRecipient_;
        emit FeeRecipientChanged(feeRecipient_);
    }

    /// Returns ERC-20 tokens sent here by mistake. Position NFTs are not ERC-20s: nothing here moves one.
    function sweepToken(address token, address to) external onlyOwner {
        IERC20(token).safeTransfer(to, IERC20(token).balanceOf(address(this)));
    }

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
