// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title BlacklistToken
/// @notice Risk pattern "blacklist": the owner can freeze any holder, who then can neither sell nor
/// move their tokens.
contract BlacklistToken is ERC20, Ownable {
    /// @notice Frozen accounts: every transfer from or to them reverts.
    mapping(address account => bool) public isBlacklisted;

    /// @notice Mints the whole supply to `owner_`.
    constructor(string memory name_, string memory symbol_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _mint(owner_, supply);
    }

    /// @notice Freezes (or unfreezes) `account`.
    function setBlacklist(address account, bool value) external onlyOwner {
        isBlacklisted[account] = value;
    }

    /// @dev Blocks any movement touching a frozen account.
    function _update(address from, address to, uint256 value) internal override {
        require(!isBlacklisted[from] && !isBlacklisted[to], "Blacklisted");
        super._update(from, to, value);
    }
}
