// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";

/// @title V3PositionLocker
/// @notice Time-locks Uniswap V3 position NFTs (the concentrated-liquidity counterpart of LpLocker):
/// while the NFT sits here nobody can decrease the position's liquidity, so a scanner that sees the
/// position owned by this contract knows the liquidity stays until `unlockTimeOf`.
contract V3PositionLocker is IERC721Receiver {
    struct Lock {
        address owner;
        uint64 unlockTime;
        bool withdrawn;
    }

    /// position manager => token id => lock
    mapping(address => mapping(uint256 => Lock)) private _locks;

    event Locked(address indexed manager, uint256 indexed tokenId, address indexed owner, uint64 unlockTime);
    event Withdrawn(address indexed manager, uint256 indexed tokenId, address indexed owner);

    error UnlockTimeNotInFuture();
    error NotLockOwner();
    error StillLocked(uint64 unlockTime);

    /// @notice Pulls position `tokenId` of `manager` from the caller and locks it until `unlockTime`.
    function lock(address manager, uint256 tokenId, uint64 unlockTime) external {
        if (unlockTime <= block.timestamp) revert UnlockTimeNotInFuture();
        _locks[manager][tokenId] = Lock({owner: msg.sender, unlockTime: unlockTime, withdrawn: false});
        IERC721(manager).transferFrom(msg.sender, address(this), tokenId);
        emit Locked(manager, tokenId, msg.sender, unlockTime);
    }

    /// @notice Returns the NFT to its owner once the unlock time has passed.
    function withdraw(address manager, uint256 tokenId) external {
        Lock storage l = _locks[manager][tokenId];
        if (msg.sender != l.owner || l.withdrawn) revert NotLockOwner();
        if (block.timestamp < l.unlockTime) revert StillLocked(l.unlockTime);
        l.withdrawn = true;
        IERC721(manager).transferFrom(address(this), l.owner, tokenId);
        emit Withdrawn(manager, tokenId, l.owner);
    }

    /// @notice Unlock time of a position held here (0 if it is not locked here).
    function unlockTimeOf(address manager, uint256 tokenId) external view returns (uint64) {
        Lock storage l = _locks[manager][tokenId];
        return l.withdrawn ? 0 : l.unlockTime;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }
}
