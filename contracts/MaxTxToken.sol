// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title MaxTxToken
/// @notice Risk pattern "owner-set limits": caps on transaction size and wallet balance that look
/// like anti-whale protection, but that the owner can tighten (even to zero) to block exits.
contract MaxTxToken is ERC20, Ownable {
    /// @notice Largest amount one transfer may move (the owner is exempt).
    uint256 public maxTxAmount;
    /// @notice Largest balance a wallet may reach (the owner and pairs are exempt).
    uint256 public maxWalletAmount;

    /// @notice DEX pairs, exempt from the wallet cap since they hold the pool.
    mapping(address account => bool) public isPair;

    /// @notice Mints the whole supply to `owner_` and sets the initial limits.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address owner_,
        uint256 maxTx,
        uint256 maxWallet
    ) ERC20(name_, symbol_) Ownable(owner_) {
        maxTxAmount = maxTx;
        maxWalletAmount = maxWallet;
        _mint(owner_, supply);
    }

    /// @notice Changes both limits, with no lower bound: setting them to zero freezes trading.
    function setLimits(uint256 maxTx, uint256 maxWallet) external onlyOwner {
        maxTxAmount = maxTx;
        maxWalletAmount = maxWallet;
    }

    /// @notice Registers a DEX pair (usually before the pool exists, at its CREATE2 address).
    function setPair(address pair, bool value) external onlyOwner {
        isPair[pair] = value;
    }

    /// @dev Mints and burns are unrestricted. The transaction cap skips transfers from or to the
    /// owner; the wallet cap is checked on the recipient's balance after the transfer.
    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        address owner_ = owner();
        if (from != owner_ && to != owner_) {
            require(value <= maxTxAmount, "Exceeds max transaction");
        }
        super._update(from, to, value);
        if (to != owner_ && !isPair[to]) {
            require(balanceOf(to) <= maxWalletAmount, "Exceeds max wallet");
        }
    }
}
